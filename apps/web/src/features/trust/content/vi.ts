import type { TrustContent } from '../document.ts';
import { HELP_LINKS_PAGE, HELP_ORGANISATIONS as ORG, RESPONSIBLE_GAMING_PAGE } from './help-organisations.ts';

export const vi: TrustContent = {
  terms: {
    title: 'Điều khoản và điều kiện',
    intro:
      'Các điều khoản này áp dụng cho mọi người mở tài khoản hoặc chơi trên trang. Khi đăng ký, bạn xác nhận đã đọc và chấp nhận chúng.',
    updated: 'Cập nhật lần cuối: 23 tháng 11 năm 2026',
    sections: [
      {
        heading: '1. Ai được phép chơi',
        paragraphs: [
          'Bạn phải từ đủ 18 tuổi trở lên, hoặc cao hơn nếu luật pháp nước bạn quy định, và trò chơi có thưởng phải hợp pháp tại nơi bạn ở.',
          'Mỗi người chỉ được có một tài khoản. Tài khoản là của riêng bạn, không được chia sẻ, bán hay chuyển nhượng.',
        ],
      },
      {
        heading: '2. Tài khoản của bạn',
        list: [
          'Cung cấp thông tin đúng và đầy đủ khi đăng ký và luôn cập nhật.',
          'Giữ bí mật mật khẩu; bạn chịu trách nhiệm về mọi hoạt động trong tài khoản của mình.',
          'Chúng tôi có thể yêu cầu giấy tờ chứng minh danh tính, tuổi và địa chỉ trước khi rút tiền, và tạm giữ lệnh rút cho đến khi nhận được.',
        ],
      },
      {
        heading: '3. Nạp và rút tiền',
        list: [
          'Chỉ nạp tiền bằng phương thức thanh toán mang tên bạn.',
          'Tiền rút được trả vào tài khoản mang tên bạn sau khi xét duyệt; thời gian của từng phương thức được hiển thị khi bạn yêu cầu.',
          'Tiền được giữ theo đơn vị tiền tệ của tài khoản. Chúng tôi không bao giờ cho bạn vay tiền để chơi.',
        ],
      },
      {
        heading: '4. Cược và trò chơi',
        paragraphs: [
          'Một cược có hiệu lực khi đã được xác nhận. Kết quả do trò chơi hoặc kỳ quay chính thức quyết định; các trò chơi của nhà cái công bố quy trình công bằng để mọi ván đều có thể kiểm tra.',
          'Nếu trò chơi gặp lỗi, ván đang chơi sẽ được hoàn tất hoặc hủy và hoàn lại tiền cược; không bao giờ bị mất.',
        ],
      },
      {
        heading: '5. Tiền thưởng và khuyến mãi',
        paragraphs: [
          'Mỗi chương trình khuyến mãi có quy định riêng đi kèm. Tiền thưởng nhận được bằng nhiều tài khoản, thông đồng hoặc lợi dụng lỗi có thể bị hủy.',
        ],
      },
      {
        heading: '6. Đóng tài khoản',
        paragraphs: [
          'Bạn có thể đóng tài khoản bất cứ lúc nào qua chăm sóc khách hàng; số dư được chi trả sau khi hoàn tất xét duyệt. Chúng tôi có thể đóng hoặc tạm khóa tài khoản vi phạm các điều khoản này và sẽ cho bạn biết lý do, trừ khi pháp luật cấm.',
        ],
      },
      {
        heading: '7. Thay đổi',
        paragraphs: [
          'Chúng tôi có thể thay đổi các điều khoản này; ngày ở trên cho biết phiên bản mới nhất. Những thay đổi ảnh hưởng đến bạn sẽ được thông báo trên trang trước khi áp dụng.',
        ],
      },
    ],
  },
  responsibleGaming: {
    title: 'Chơi có trách nhiệm',
    intro:
      'Trò chơi nên là để giải trí, không phải cách kiếm tiền hay trốn tránh vấn đề. Dưới đây là các giới hạn bảo vệ bạn và những công cụ bạn có thể dùng bất cứ lúc nào.',
    updated: 'Cập nhật lần cuối: 27 tháng 11 năm 2026',
    sections: [
      {
        heading: 'Chỉ dành cho người từ 18 tuổi',
        paragraphs: [
          'Người dưới 18 tuổi không được mở tài khoản hay tham gia chơi. Chúng tôi kiểm tra tuổi người chơi, đóng mọi tài khoản do trẻ vị thành niên mở và hoàn lại tiền đã nạp. Nếu trẻ em dùng thiết bị của bạn, hãy giữ kín mật khẩu và bật kiểm soát của phụ huynh.',
        ],
      },
      {
        heading: 'Kiểm soát việc chơi',
        list: [
          'Trước khi chơi, hãy quyết định số tiền và thời gian sẽ dùng, và dừng lại khi đạt đến.',
          'Chỉ chơi bằng số tiền bạn có thể chấp nhận mất; đừng bao giờ cố gỡ lại khoản thua.',
          'Nghỉ ngơi thường xuyên, không chơi khi đang buồn bực, mệt mỏi hoặc đã uống rượu bia.',
          'Theo dõi việc chơi: lịch sử cược và trang lãi lỗ trong trung tâm thành viên ghi lại mọi ván.',
        ],
      },
      {
        heading: 'Giới hạn, nhắc nhở thời gian và tạm nghỉ',
        paragraphs: [
          'Bạn tự đặt chúng bất cứ lúc nào tại trang Chơi có trách nhiệm trong trung tâm thành viên. Trang web áp dụng chúng cho mọi lần nạp tiền và mọi lần cược, ở mọi trò chơi:',
        ],
        list: [
          'Giới hạn nạp tiền theo 24 giờ, 7 ngày và tháng. Lần nạp vượt giới hạn bị từ chối, kèm thời điểm có thể nạp lại.',
          'Giới hạn thua (tiền cược trừ tiền thắng) và giới hạn tiền cược cho cùng các khoảng thời gian, được kiểm tra ở mọi lần cược: trò chơi của chúng tôi, xổ số và trò chơi của các nhà cung cấp.',
          'Giới hạn thời gian mỗi phiên hoặc mỗi ngày: khi đạt giới hạn, không ván mới nào được bắt đầu (ván đang chơi vẫn được kết thúc).',
          'Giảm giới hạn có hiệu lực ngay; tăng hoặc bỏ giới hạn phải chờ 24 giờ, sau đó cần bạn xác nhận.',
          'Nhắc nhở thời gian mỗi 15, 30, 45 hoặc 60 phút: trò chơi tạm dừng để cho bạn thấy thời gian đã chơi và kết quả thắng thua, và bạn chọn tiếp tục, dừng lại hoặc xem lịch sử.',
          'Tạm nghỉ từ 24 giờ đến 6 tuần, hoặc tự loại trừ 6 tháng, 1 năm hoặc 5 năm. Cả hai bắt đầu ngay và không thể kết thúc sớm, kể cả bởi nhân viên của chúng tôi. Trong thời gian đó bạn chỉ có thể đăng nhập để rút tiền và xem lịch sử: không cược, không nạp tiền, không khuyến mãi hay tin tiếp thị.',
          'Tài khoản mới có số điện thoại, e-mail, tài khoản thanh toán hoặc thiết bị của một thành viên đang tự loại trừ sẽ bị từ chối. Khi tự loại trừ kết thúc, không có gì được mở lại cho đến khi bạn yêu cầu, và chỉ sau đó một ngày.',
        ],
        links: [
          {
            label: 'Chơi có trách nhiệm trong trung tâm thành viên',
            href: RESPONSIBLE_GAMING_PAGE,
            note: 'Mọi công cụ kiểm soát, trạng thái và các thay đổi đang chờ.',
          },
          {
            label: 'Liên kết hỗ trợ',
            href: HELP_LINKS_PAGE,
            note: 'Các tổ chức hỗ trợ miễn phí và bảo mật, chỉ cách một cú nhấp khi bạn chơi.',
          },
        ],
      },
      {
        heading: 'Dấu hiệu có vấn đề',
        list: [
          'Tiêu nhiều tiền hoặc thời gian hơn dự định, hoặc giấu người khác mức độ chơi của mình.',
          'Vay tiền hay bán đồ để chơi, hoặc chơi để gỡ lại tiền thua.',
          'Cảm thấy lo lắng hoặc cáu gắt khi không chơi.',
        ],
      },
      {
        heading: 'Nơi tìm kiếm hỗ trợ',
        paragraphs: ['Các tổ chức sau hỗ trợ miễn phí và bảo mật:'],
        links: [
          {
            label: 'Gambling Therapy',
            href: ORG.gamblingTherapy,
            note: 'Hỗ trợ trực tuyến bằng nhiều ngôn ngữ trên toàn thế giới.',
          },
          {
            label: 'Gamblers Anonymous',
            href: ORG.gamblersAnonymous,
            note: 'Các buổi gặp gỡ và nhóm hỗ trợ trên toàn thế giới.',
          },
          { label: 'GamCare', href: ORG.gamCare, note: 'Tư vấn, trò chuyện và hỗ trợ tâm lý.' },
          {
            label: 'BeGambleAware',
            href: ORG.beGambleAware,
            note: 'Thông tin và công cụ tự đánh giá thói quen chơi.',
          },
        ],
      },
    ],
  },
};
